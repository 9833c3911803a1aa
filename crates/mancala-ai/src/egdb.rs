//! Endgame databases: the exact value of every board with few seeds left.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI8, AtomicU64, Ordering};

use mancala_core::{MoveList, NoMove, Position, Rules, Side};

use crate::moves::score_gain;
use crate::params::PREFETCH_LOCALITY;

/// Counts of the ways to put `m` seeds into `k` houses, and their running
/// sums, for ranking boards.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Combinatorics {
    /// `ways[k][m]`: boards of `k` houses holding `m` seeds in all.
    ways: Vec<Vec<u64>>,
    /// `below[k][m]`: boards of `k` houses holding fewer than `m` seeds.
    below: Vec<Vec<u64>>,
}

impl Combinatorics {
    fn new(houses: usize, seeds: usize) -> Combinatorics {
        let mut ways = vec![vec![0u64; seeds + 1]; houses + 1];
        ways[0][0] = 1;
        for k in 1..=houses {
            let mut running = 0;
            for m in 0..=seeds {
                running += ways[k - 1][m];
                ways[k][m] = running;
            }
        }
        let below = ways
            .iter()
            .map(|row| {
                let mut acc = 0;
                row.iter()
                    .map(|&w| {
                        let before = acc;
                        acc += w;
                        before
                    })
                    .collect()
            })
            .collect();
        Combinatorics { ways, below }
    }
}

/// Exact values of every board with up to `max_seeds` seeds in the houses,
/// for the side to move (side 0; side 1's boards are looked up turned
/// round): the final score difference still to come, stores excluded.
///
/// Built once per rule set by [`Egdb::build`]; each board is worked out
/// from its successors, from the fewest seeds up. It takes one byte a
/// board ([`Egdb::size`]): for six houses a side, 9.7 MB for 14 seeds,
/// 30 MB for 16, 86 MB for 18, 226 MB for 20, 548 MB for 22, 1.25 GB for
/// 24, 2.7 GB for 26. [`Egdb::save`] writes it to a file and
/// [`Egdb::load`] reads it back (checked against the rules, the format
/// version and a checksum), so a big database is built once:
/// [`Egdb::load_or_build`] does both.
#[derive(Clone, PartialEq, Eq)]
pub struct Egdb {
    /// The [`fingerprint`] of the rules it was built for.
    fingerprint: u64,
    max_seeds: usize,
    shape: Shape,
    values: Vec<i8>,
}

/// Its size, not its values: a database holds up to billions of them.
impl std::fmt::Debug for Egdb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Egdb")
            .field("fingerprint", &self.fingerprint)
            .field("max_seeds", &self.max_seeds)
            .field("houses", &self.shape.houses)
            .field("boards", &self.values.len())
            .finish()
    }
}

/// How boards are numbered: by seed count, then by rank among the boards
/// of that count.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Shape {
    /// Houses per side.
    houses: usize,
    combinatorics: Combinatorics,
    /// `combinatorics.below` in one table, row after row of `width`
    /// entries, for [`Shape::index_of`]: one lookup a house, not two.
    below: Vec<u64>,
    /// The length of a row of `below`.
    width: usize,
    /// Where each seed count's boards start in the values.
    offsets: Vec<usize>,
}

/// What went wrong saving or loading an endgame database file.
#[derive(Debug, thiserror::Error)]
pub enum EgdbError {
    /// The file could not be read or written.
    #[error("endgame database {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not an endgame database of this program.
    #[error("{0}: not an endgame database file")]
    NotADatabase(PathBuf),
    /// The file was written in another format version.
    #[error("{path}: endgame database format version {found}, expected {FORMAT_VERSION}")]
    Version {
        /// The file.
        path: PathBuf,
        /// The version it holds.
        found: u32,
    },
    /// The file was built for other rules.
    #[error("{0}: the endgame database was built for other rules")]
    OtherRules(PathBuf),
    /// The file is shorter or longer than its header says, or its contents
    /// do not match their checksum.
    #[error("{0}: the endgame database is truncated or corrupt")]
    Corrupt(PathBuf),
    /// The rules have no endgame database (see [`Egdb::supports`]: they are
    /// not [additive](mancala_core::Rules::board_decides_future), or a player
    /// with no move passes), or it would not fit in memory.
    #[error("these rules have no endgame database")]
    Unsupported,
}

/// The first bytes of a database file.
const MAGIC: [u8; 8] = *b"MNCLEGDB";
/// The file format; bump it when the layout, the board numbering or the
/// rules fingerprint changes (2: the fingerprint hashes the canonical text
/// of the rules, not their `Debug` text).
pub const FORMAT_VERSION: u32 = 2;
/// Header bytes: magic, version, rules fingerprint, max seeds, entry count.
const HEADER: usize = 8 + 4 + 8 + 4 + 8;

/// Boards a thread takes at a time while building.
const CHUNK: u64 = 1 << 12;
/// Bytes written at a time by [`Egdb::save`] (whole words, for
/// [`Checksum::feed`]).
const SAVE_PIECE: usize = 1 << 20;

/// Not worked out yet.
const UNKNOWN: i8 = i8::MIN;
/// A move count past every rule that looks at it.
const LATE: u32 = 1 << 20;

impl Egdb {
    /// Whether `rules` can have an endgame database: they are
    /// [additive](mancala_core::Rules::board_decides_future) and a player
    /// with no move ends the game (`no_move = end`). Under `no_move =
    /// pass` the side to move of a board is not always the side whose turn
    /// it is (docs/rules.md section 7), which the database's boards, all
    /// seen from the side to move, cannot say. Rules with burnt houses (a
    /// round of a match, [`Rules::with_burnt`]) have none either: the
    /// database's boards put seeds in every house, and a database of the
    /// same rules with no house burnt would misread their boards (a burnt
    /// house is not sown).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::Egdb;
    /// use mancala_core::{Preset, Rules};
    ///
    /// let kalah = Preset::Kalah.rules();
    /// assert!(Egdb::supports(&Rules::new(&kalah)?));
    /// // Side 0's house 6 burnt, as in a round of a match.
    /// assert!(!Egdb::supports(&Rules::with_burnt(&kalah, [0b10_0000, 0, 0, 0])?));
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn supports(rules: &Rules) -> bool {
        rules.board_decides_future()
            && rules.rule_set().no_move == NoMove::End
            && rules.burnt().iter().all(|&b| b == 0)
    }

    /// The number of boards a database of up to `max_seeds` seeds holds for
    /// these rules: its size in bytes.
    pub fn size(rules: &Rules, max_seeds: usize) -> usize {
        let n = 2 * rules.houses();
        let c = Combinatorics::new(n, max_seeds + 1);
        (0..=max_seeds).map(|m| c.ways[n][m] as usize).sum()
    }

    /// Works out every board with up to `max_seeds` seeds, on every core
    /// (see [`Egdb::build_with_threads`]). `None` when the rules have no
    /// database ([`Egdb::supports`]) or the board count overflows memory.
    pub fn build(rules: &Rules, max_seeds: usize) -> Option<Egdb> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        Egdb::build_with_threads(rules, max_seeds, threads)
    }

    /// [`Egdb::build`] on `threads` threads (at least one). The boards of
    /// one seed count depend only on boards with fewer seeds, and on boards
    /// with as many seeds that they lead to (worked out on the spot, by
    /// recursion): so each seed count is cut into chunks that the threads
    /// take in turn, and they meet at the end of it. Two threads may work
    /// out the same board at once; both store the same value, so the result
    /// does not depend on the number of threads.
    pub fn build_with_threads(rules: &Rules, max_seeds: usize, threads: usize) -> Option<Egdb> {
        if !Egdb::supports(rules) {
            return None;
        }
        let houses = rules.houses();
        let n = 2 * houses;
        let max_seeds = max_seeds.min(mancala_core::MAX_SEEDS);
        let shape = Shape::new(houses, max_seeds)?;
        let total = shape.total();
        let values: Vec<AtomicI8> = (0..total).map(|_| AtomicI8::new(UNKNOWN)).collect();
        let threads = threads.max(1);
        for seeds in 0..=max_seeds {
            let count = shape.combinatorics.ways[n][seeds];
            let chunks = count.div_ceil(CHUNK);
            let next = AtomicU64::new(0);
            let work = || {
                let mut board = [0u8; 2 * mancala_core::MAX_HOUSES];
                let board = &mut board[..n];
                loop {
                    let chunk = next.fetch_add(1, Ordering::Relaxed);
                    if chunk >= chunks {
                        break;
                    }
                    let start = chunk * CHUNK;
                    shape.unrank(seeds, start, board);
                    let first = shape.offsets[seeds] + start as usize;
                    for rank in start..count.min(start + CHUNK) {
                        if rank > start {
                            next_board(board);
                        }
                        let index = first + (rank - start) as usize;
                        shape.work_out(rules, &values, board, index, seeds);
                    }
                }
            };
            if threads == 1 || chunks < 2 {
                work();
            } else {
                std::thread::scope(|scope| {
                    for _ in 1..threads {
                        scope.spawn(work);
                    }
                    work();
                });
            }
        }
        Some(Egdb {
            fingerprint: fingerprint(rules),
            max_seeds,
            shape,
            values: values.into_iter().map(AtomicI8::into_inner).collect(),
        })
    }

    /// Writes the database to `path`, atomically: to a temporary file in
    /// the same directory, then renamed over `path` (a reader never sees a
    /// half-written file). The file holds a header (magic, format version,
    /// a fingerprint of the rules, the most seeds, the entry count), the
    /// values (one byte per board) and a checksum of them, written a
    /// megabyte at a time (saving takes no second copy of the database in
    /// memory).
    ///
    /// # Errors
    ///
    /// `EgdbError::Io` when the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), EgdbError> {
        let io = |source| EgdbError::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(format!(".tmp{}", std::process::id()));
        let temp = path.with_file_name(name);
        let write = || -> std::io::Result<()> {
            let mut out = BufWriter::new(File::create(&temp)?);
            out.write_all(&MAGIC)?;
            out.write_all(&FORMAT_VERSION.to_le_bytes())?;
            out.write_all(&self.fingerprint.to_le_bytes())?;
            out.write_all(&(self.max_seeds as u32).to_le_bytes())?;
            out.write_all(&(self.values.len() as u64).to_le_bytes())?;
            // A piece at a time: no copy of the whole database in memory.
            let mut sum = Checksum::new(self.values.len());
            let mut buffer = vec![0u8; SAVE_PIECE.min(self.values.len())];
            for piece in self.values.chunks(SAVE_PIECE) {
                let bytes = &mut buffer[..piece.len()];
                for (b, &v) in bytes.iter_mut().zip(piece) {
                    *b = v as u8;
                }
                sum.feed(bytes);
                out.write_all(bytes)?;
            }
            out.write_all(&sum.finish().to_le_bytes())?;
            out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
            std::fs::rename(&temp, path)
        };
        write().map_err(|e| {
            let _ = std::fs::remove_file(&temp);
            io(e)
        })
    }

    /// Reads a database written by [`Egdb::save`] for `rules`.
    ///
    /// # Errors
    ///
    /// `EgdbError::Io` when the file cannot be read; `EgdbError::OtherRules`
    /// when it was built for other rules; `EgdbError::NotADatabase`,
    /// `EgdbError::Version` or `EgdbError::Corrupt` when it is not a
    /// sound database file of this format.
    pub fn load(path: &Path, rules: &Rules) -> Result<Egdb, EgdbError> {
        let io = |source| EgdbError::Io {
            path: path.to_path_buf(),
            source,
        };
        let corrupt = || EgdbError::Corrupt(path.to_path_buf());
        if !Egdb::supports(rules) {
            return Err(EgdbError::Unsupported);
        }
        let file = File::open(path).map_err(io)?;
        let length = file.metadata().map_err(io)?.len();
        let mut input = BufReader::new(file);
        let mut header = [0u8; HEADER];
        if length < HEADER as u64 {
            // Too short for a header: a truncated file if it starts right.
            let mut start = Vec::new();
            input.read_to_end(&mut start).map_err(io)?;
            return Err(if start.len() >= 8 && start[..8] == MAGIC {
                corrupt()
            } else {
                EgdbError::NotADatabase(path.to_path_buf())
            });
        }
        input.read_exact(&mut header).map_err(io)?;
        if header[..8] != MAGIC {
            return Err(EgdbError::NotADatabase(path.to_path_buf()));
        }
        let word = |at: usize, n: usize| {
            let mut bytes = [0u8; 8];
            bytes[..n].copy_from_slice(&header[at..at + n]);
            u64::from_le_bytes(bytes)
        };
        let version = word(8, 4) as u32;
        if version != FORMAT_VERSION {
            return Err(EgdbError::Version {
                path: path.to_path_buf(),
                found: version,
            });
        }
        if word(12, 8) != fingerprint(rules) {
            return Err(EgdbError::OtherRules(path.to_path_buf()));
        }
        let max_seeds = word(20, 4) as usize;
        let count = word(24, 8);
        if max_seeds > mancala_core::MAX_SEEDS
            || Egdb::size(rules, max_seeds) as u64 != count
            || length != HEADER as u64 + count + 8
        {
            return Err(corrupt());
        }
        let mut bytes = vec![0u8; count as usize];
        input.read_exact(&mut bytes).map_err(io)?;
        let mut sum = [0u8; 8];
        input.read_exact(&mut sum).map_err(io)?;
        if u64::from_le_bytes(sum) != checksum(&bytes) {
            return Err(corrupt());
        }
        let shape = Shape::new(rules.houses(), max_seeds).ok_or(EgdbError::Unsupported)?;
        Ok(Egdb {
            fingerprint: fingerprint(rules),
            max_seeds,
            shape,
            values: bytes.into_iter().map(|b| b as i8).collect(),
        })
    }

    /// The database for `rules` of up to `max_seeds` seeds from the file at
    /// `path` if it holds one (with any number of seeds: its own
    /// [`Egdb::max_seeds`] stands), else built now and saved there.
    ///
    /// # Errors
    ///
    /// `EgdbError::Unsupported` when the rules have no database; the
    /// errors of [`Egdb::load`] when the file exists but cannot be used (it
    /// is never overwritten then: remove it to rebuild), and of
    /// [`Egdb::save`].
    pub fn load_or_build(path: &Path, rules: &Rules, max_seeds: usize) -> Result<Egdb, EgdbError> {
        if path.exists() {
            return Egdb::load(path, rules);
        }
        let db = Egdb::build(rules, max_seeds).ok_or(EgdbError::Unsupported)?;
        db.save(path)?;
        Ok(db)
    }

    /// Whether the database was built for `rules`: never for rules with
    /// burnt houses ([`Egdb::supports`]), whose boards it would misread.
    pub fn fits(&self, rules: &Rules) -> bool {
        self.fingerprint == fingerprint(rules) && Egdb::supports(rules)
    }

    /// The most seeds on the board the database covers.
    pub fn max_seeds(&self) -> usize {
        self.max_seeds
    }

    /// The file name a database of up to `max_seeds` seeds for `rules` is
    /// kept under in a cache directory (`mancala solve` keeps its databases
    /// so): the format version, the houses a side, the seeds and the
    /// fingerprint of the rules that the file's header holds, so that
    /// rules sharing a database share the name (Kalah(6,4) and Kalah(6,5):
    /// the seeds a house do not matter) and other rules or formats do not.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::Egdb;
    /// use mancala_core::{Preset, RuleSet, Rules};
    ///
    /// let kalah = Rules::new(&Preset::Kalah.rules())?;
    /// let name = Egdb::cache_name(&kalah, 30);
    /// assert!(name.starts_with("egdb-v2-6h-30s-") && name.ends_with(".egdb"), "{name}");
    /// let kalah65 = Rules::new(&RuleSet { seeds: 5, ..Preset::Kalah.rules() })?;
    /// assert_eq!(Egdb::cache_name(&kalah65, 30), name);
    /// let empty = RuleSet { capture_empty_opposite: true, ..Preset::Kalah.rules() };
    /// assert_ne!(Egdb::cache_name(&Rules::new(&empty)?, 30), name);
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn cache_name(rules: &Rules, max_seeds: usize) -> String {
        format!(
            "egdb-v{FORMAT_VERSION}-{}h-{}s-{:016x}.egdb",
            rules.houses(),
            max_seeds.min(mancala_core::MAX_SEEDS),
            fingerprint(rules)
        )
    }

    /// The value of `pos` for the player to move, stores excluded, if the
    /// database holds its board (the game must be past every rule that
    /// looks at the move count; the caller checks that).
    #[inline]
    pub fn probe(&self, pos: &Position<'_>) -> Option<i32> {
        self.locate(pos).map(|index| self.value_at(index))
    }

    /// Where [`Egdb::probe`] reads the value of `pos`, if the database
    /// holds its board: the solver works out the places of several boards
    /// before reading any, so that the cache misses overlap.
    #[inline]
    pub(crate) fn locate(&self, pos: &Position<'_>) -> Option<usize> {
        let seeds = pos.board_seeds() as usize;
        if seeds > self.max_seeds {
            return None;
        }
        let mut board = [0u8; 2 * mancala_core::MAX_HOUSES];
        let board = turned(pos, &mut board);
        Some(self.shape.index_of(board, seeds))
    }

    /// Asks the processor to bring the value at `index` (a place given by
    /// [`Egdb::locate`]) near, without waiting for it (the solver's hint,
    /// `PREFETCH_LOCALITY` in params.rs).
    #[inline(always)]
    pub(crate) fn prefetch(&self, index: usize) {
        mem_prefetch::prefetch_read_data::<_, PREFETCH_LOCALITY>(&self.values[index]);
    }

    /// The value at a place given by [`Egdb::locate`].
    #[inline]
    pub(crate) fn value_at(&self, index: usize) -> i32 {
        i32::from(self.values[index])
    }
}

impl Shape {
    /// The numbering of boards of `houses` houses a side with up to
    /// `max_seeds` seeds (`None` when their count overflows).
    fn new(houses: usize, max_seeds: usize) -> Option<Shape> {
        let n = 2 * houses;
        // One seed more than stored: ranking reads one row past the last.
        let combinatorics = Combinatorics::new(n, max_seeds + 1);
        let mut offsets = Vec::with_capacity(max_seeds + 2);
        let mut total = 0usize;
        for m in 0..=max_seeds {
            offsets.push(total);
            total = total.checked_add(usize::try_from(combinatorics.ways[n][m]).ok()?)?;
        }
        offsets.push(total);
        let width = max_seeds + 2;
        let below = combinatorics.below.concat();
        debug_assert_eq!(below.len(), (n + 1) * width);
        Some(Shape {
            houses,
            combinatorics,
            below,
            width,
            offsets,
        })
    }

    /// Boards in all.
    fn total(&self) -> usize {
        *self.offsets.last().expect("offsets")
    }

    /// The index of a board given from the mover's side (`2 * houses`
    /// counts), with `seeds` seeds.
    #[inline]
    fn index_of(&self, board: &[u8], seeds: usize) -> usize {
        let n = 2 * self.houses;
        let mut rank = 0u64;
        let mut left = seeds;
        for (i, &c) in board[..n - 1].iter().enumerate() {
            let c = usize::from(c);
            // Boards of the remaining houses that put fewer seeds here come
            // first: those holding more than `left - c` seeds further on.
            let row = (n - 1 - i) * self.width;
            rank += self.below[row + left + 1] - self.below[row + left + 1 - c];
            left -= c;
        }
        self.offsets[seeds] + rank as usize
    }

    /// The board of rank `rank` among those holding `seeds` seeds.
    fn unrank(&self, seeds: usize, mut rank: u64, board: &mut [u8]) {
        let n = board.len();
        let mut left = seeds;
        for i in 0..n - 1 {
            let rest = n - 1 - i;
            // The first houses take as many seeds as they can while the rank
            // stays within the boards that put that many here.
            let mut c = 0;
            loop {
                let with_c = self.combinatorics.ways[rest][left - c];
                if rank < with_c {
                    break;
                }
                rank -= with_c;
                c += 1;
            }
            board[i] = c as u8;
            left -= c;
        }
        board[n - 1] = left as u8;
    }

    /// Works out (and stores) the value of `board`, side 0 to move, with
    /// `seeds` seeds, at `index` in the values, and of any board with as
    /// many seeds that it leads to. The children are played first and
    /// their values read in a second loop, so that the cache misses
    /// overlap.
    fn work_out(
        &self,
        rules: &Rules,
        values: &[AtomicI8],
        board: &[u8],
        index: usize,
        seeds: usize,
    ) -> i32 {
        remembered(values, index, || {
            let pos = Position::from_parts(rules, board, &[0, 0], 0, LATE)
                .expect("a board of the database is a position");
            if pos.is_over() {
                i32::from(pos.store(Side::new(0))) - i32::from(pos.store(Side::new(1)))
            } else {
                self.best(rules, values, &pos, seeds)
            }
        })
    }

    /// The value of `pos`, a game not over with `seeds` seeds on the
    /// board, for its side to move, stores excluded: the best of its
    /// moves, from their children's values (worked out and stored first
    /// when a child has as many seeds and is not known yet).
    ///
    /// A child with as many seeds is worked out from the child itself,
    /// not rebuilt from its board by `Position::from_parts`: no seed left
    /// the board, so its stores are still empty and it is the position
    /// `from_parts` makes of its board but for the move count (past every
    /// rule that looks at it) and, when side 1 moves, the board turned
    /// round (whose value the database holds for either side to move,
    /// [`Egdb::probe`]). Under `capture_extra_turn` the child may hold a
    /// count of extra turns earned in this turn, which `from_parts` sets
    /// to none; the child is rebuilt from its board then, as before.
    fn best(&self, rules: &Rules, values: &[AtomicI8], pos: &Position<'_>, seeds: usize) -> i32 {
        let rebuild = rules.rule_set().capture_extra_turn;
        // Per move: the gain, then the child's value still to come
        // (known, or at `at` in the values), and its sign.
        let mut gains = [0i32; MoveList::CAPACITY];
        let mut futures = [0i32; MoveList::CAPACITY];
        let mut at = [usize::MAX; MoveList::CAPACITY];
        let mut signs = [0i32; MoveList::CAPACITY];
        let mut k = 0;
        for m in pos.legal_moves() {
            let mut child = *pos;
            child.play_unchecked(m);
            gains[k] = score_gain(pos, &child);
            if !child.is_over() {
                let child_seeds = child.board_seeds() as usize;
                let mut board = [0u8; 2 * mancala_core::MAX_HOUSES];
                let board = turned(&child, &mut board);
                signs[k] = if child.to_move() == pos.to_move() {
                    1
                } else {
                    -1
                };
                let index = self.index_of(board, child_seeds);
                if child_seeds != seeds {
                    at[k] = index;
                } else if rebuild {
                    futures[k] = self.work_out(rules, values, board, index, seeds);
                } else {
                    futures[k] =
                        remembered(values, index, || self.best(rules, values, &child, seeds));
                }
            }
            k += 1;
        }
        for i in 0..k {
            if at[i] != usize::MAX {
                futures[i] = i32::from(values[at[i]].load(Ordering::Relaxed));
            }
        }
        (0..k)
            .map(|i| gains[i] + signs[i] * futures[i])
            .max()
            .expect("a game not over has a move")
    }
}

/// A fingerprint of the rules a database file was built for: a hash of
/// their every setting but the starting seeds per house (FNV-1a of
/// [`RuleSet::canonical`](mancala_core::RuleSet::canonical), a text that
/// stays the same across releases; other rules mean another fingerprint,
/// so a file for them is refused rather than misread). The starting seeds are left out because play
/// from a given board does not depend on them (only `majority` looks at
/// the total, and it is not [additive](mancala_core::Rules::board_decides_future)): Kalah(6,4) and Kalah(6,5) share
/// a database.
fn fingerprint(rules: &Rules) -> u64 {
    let set = mancala_core::RuleSet {
        seeds: 0,
        ..*rules.rule_set()
    };
    set.canonical().bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A checksum of the values: eight bytes at a time, multiplied and
/// rotated (fast enough for hundreds of megabytes).
fn checksum(bytes: &[u8]) -> u64 {
    let mut sum = Checksum::new(bytes.len());
    sum.feed(bytes);
    sum.finish()
}

/// [`checksum`] worked out a piece at a time, so that a database is saved
/// without a second copy of it in memory.
struct Checksum {
    h: u64,
}

impl Checksum {
    /// For `len` bytes in all.
    fn new(len: usize) -> Checksum {
        Checksum { h: len as u64 }
    }

    /// The next bytes: every piece but the last must be whole words (a
    /// multiple of eight bytes long).
    fn feed(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes(c.try_into().expect("eight bytes"));
            self.h = (self.h ^ w)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .rotate_left(29);
        }
        for &b in chunks.remainder() {
            self.h = (self.h ^ u64::from(b))
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .rotate_left(29);
        }
    }

    fn finish(self) -> u64 {
        self.h
    }
}

/// The value at `index` in `values`, worked out by `work_out` and
/// stored there first if it is not known yet.
#[inline(always)]
fn remembered(values: &[AtomicI8], index: usize, work_out: impl FnOnce() -> i32) -> i32 {
    let known = values[index].load(Ordering::Relaxed);
    if known != UNKNOWN {
        return i32::from(known);
    }
    let value = work_out();
    values[index].store(value as i8, Ordering::Relaxed);
    value
}

/// The board of `pos` seen from its side to move, in `space`: the mover's
/// houses, then the other side's.
#[inline]
fn turned<'a>(pos: &Position<'_>, space: &'a mut [u8; 2 * mancala_core::MAX_HOUSES]) -> &'a [u8] {
    let (mine, theirs) = (
        pos.houses(pos.to_move()),
        pos.houses(Side::new(1 - pos.to_move().index())),
    );
    space[..mine.len()].copy_from_slice(mine);
    space[mine.len()..mine.len() + theirs.len()].copy_from_slice(theirs);
    &space[..mine.len() + theirs.len()]
}

/// The board after `board` in rank order (same seed count): the last
/// nonzero house gives one seed to the house before it and the rest to the
/// last house. The last board of a count (all seeds in the first house)
/// must not be passed.
fn next_board(board: &mut [u8]) {
    let n = board.len();
    let j = board
        .iter()
        .rposition(|&c| c > 0)
        .expect("a board with seeds");
    debug_assert!(j > 0, "past the last board");
    let v = board[j];
    board[j] = 0;
    board[j - 1] += 1;
    board[n - 1] = v - 1;
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use mancala_core::{Preset, RuleSet};

    // Every byte of a small database against a brute force written here
    // (a negamax over `Position` moves with a memo of boards, apart from
    // the build's ranking and recursion), for every rule set the
    // database supports among the presets on 4 and 6 houses a side, with
    // and without `capture_empty_opposite`.

    /// The score difference still to come for the side to move of `pos`
    /// (stores excluded), both sides playing their best: a plain negamax,
    /// memoised on the board and the side to move.
    fn brute(pos: &Position<'_>, memo: &mut HashMap<(Vec<u8>, usize), i32>) -> i32 {
        let me = pos.to_move();
        let them = Side::new(1 - me.index());
        let stores = |p: &Position<'_>| i32::from(p.store(me)) - i32::from(p.store(them));
        if pos.is_over() {
            return 0;
        }
        let key = (
            [pos.houses(Side::new(0)), pos.houses(Side::new(1))].concat(),
            me.index(),
        );
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut best = i32::MIN;
        for m in pos.legal_moves() {
            let mut child = *pos;
            child.play_unchecked(m);
            // Seeds stored by this move (and by the end it brings), then the
            // rest of the game, seen from the side that moves next.
            let gain = stores(&child) - stores(pos);
            let rest = brute(&child, memo);
            let value = gain + if child.to_move() == me { rest } else { -rest };
            best = best.max(value);
        }
        memo.insert(key, best);
        best
    }

    /// Every board of `cups` houses holding exactly `seeds` seeds.
    fn boards(cups: usize, seeds: u8, prefix: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if prefix.len() + 1 == cups {
            prefix.push(seeds);
            out.push(prefix.clone());
            prefix.pop();
            return;
        }
        for c in 0..=seeds {
            prefix.push(c);
            boards(cups, seeds - c, prefix, out);
            prefix.pop();
        }
    }

    /// The value of a board built with side 0 to move: the stores it takes
    /// if the game ends on the spot, else the brute force.
    fn expected(pos: &Position<'_>, memo: &mut HashMap<(Vec<u8>, usize), i32>) -> i32 {
        let me = pos.to_move();
        let them = Side::new(1 - me.index());
        i32::from(pos.store(me)) - i32::from(pos.store(them)) + brute(pos, memo)
    }

    #[test]
    fn every_board_of_a_small_database_is_the_brute_force_value() {
        let mut checked = Vec::new();
        for preset in Preset::ALL {
            for (houses, max_seeds) in [(4u8, 6u8), (6, 4)] {
                for empty in [false, true] {
                    let set = RuleSet {
                        houses,
                        capture_empty_opposite: empty,
                        ..preset.rules()
                    };
                    let Ok(rules) = Rules::new(&set) else {
                        continue;
                    };
                    if !Egdb::supports(&rules) {
                        continue;
                    }
                    let db = Egdb::build_with_threads(&rules, usize::from(max_seeds), 1)
                        .expect("a supported rule set has a database");
                    let mut memo = HashMap::new();
                    // The file's order (docs of `Shape`): by seed count, then
                    // in lexicographic order of the houses, house 1 first.
                    let mut all = Vec::new();
                    for seeds in 0..=max_seeds {
                        boards(2 * usize::from(houses), seeds, &mut Vec::new(), &mut all);
                    }
                    assert_eq!(db.values.len(), all.len());
                    for (&value, board) in db.values.iter().zip(&all) {
                        let pos = Position::from_parts(&rules, board, &[0, 0], 0, LATE)
                            .expect("a board of seeds is a position");
                        assert_eq!(
                            i32::from(value),
                            expected(&pos, &mut memo),
                            "{preset} houses={houses} capture_empty_opposite={empty} {board:?}"
                        );
                    }
                    checked.push((preset, houses, empty));
                }
            }
        }
        // Kalah is among them on both boards, with and without the rule.
        for houses in [4, 6] {
            for empty in [false, true] {
                assert!(
                    checked.contains(&(Preset::Kalah, houses, empty)),
                    "{checked:?}"
                );
            }
        }
    }

    #[test]
    fn a_checksum_fed_in_whole_word_pieces_is_the_checksum_of_the_whole() {
        let bytes: Vec<u8> = (0..1003u32).map(|i| (i * 7 % 251) as u8).collect();
        let whole = checksum(&bytes);
        for piece in [8, 16, 64, 1000] {
            let mut sum = Checksum::new(bytes.len());
            for part in bytes.chunks(piece) {
                sum.feed(part);
            }
            assert_eq!(sum.finish(), whole, "pieces of {piece}");
        }
        // Another length or another byte gives another checksum.
        assert_ne!(checksum(&bytes[..1002]), whole);
        let mut changed = bytes.clone();
        changed[500] ^= 1;
        assert_ne!(checksum(&changed), whole);
    }
}
