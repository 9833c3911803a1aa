//! Endgame databases: the exact value of every board with few seeds left.

use std::sync::atomic::{AtomicI8, AtomicU64, Ordering};

use mancala_core::{EndCondition, Position, Rules};

/// The rule sets an endgame database (and the solver's fast mode) can
/// handle: two players, an end that never looks at the stores (no
/// `majority`, `repetition` or `empty_first`), games that always end, and no
/// pie rule (a swap trades the stores). For these, what happens from a
/// position on depends on the houses and the side to move only, so a
/// position's value can be split into the score difference so far plus a
/// part that depends on the board alone.
pub fn additive(rules: &Rules) -> bool {
    let set = rules.rule_set();
    set.players == 2
        && !set.end.contains(EndCondition::Majority)
        && !set.end.contains(EndCondition::Repetition)
        && !set.end.contains(EndCondition::EmptyFirst)
        && set.move_bound().is_some()
        && !set.pie_rule
}

/// Counts of the ways to put `m` seeds into `k` houses, and their running
/// sums, for ranking boards.
#[derive(Clone, Debug)]
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
/// from its successors, from the fewest seeds up.
#[derive(Clone, Debug)]
pub struct Egdb {
    max_seeds: usize,
    shape: Shape,
    values: Vec<i8>,
}

/// How boards are numbered: by seed count, then by rank among the boards
/// of that count.
#[derive(Clone, Debug)]
struct Shape {
    /// Houses per side.
    houses: usize,
    combinatorics: Combinatorics,
    /// Where each seed count's boards start in the values.
    offsets: Vec<usize>,
}

/// Boards a thread takes at a time while building.
const CHUNK: u64 = 1 << 12;

/// Not worked out yet.
const UNKNOWN: i8 = i8::MIN;
/// A move count past every rule that looks at it.
const LATE: u32 = 1 << 20;

impl Egdb {
    /// The number of boards a database of up to `max_seeds` seeds holds for
    /// these rules: its size in bytes.
    pub fn size(rules: &Rules, max_seeds: usize) -> usize {
        let n = 2 * rules.houses();
        let c = Combinatorics::new(n, max_seeds + 1);
        (0..=max_seeds).map(|m| c.ways[n][m] as usize).sum()
    }

    /// Works out every board with up to `max_seeds` seeds, on every core
    /// (see [`Egdb::build_with_threads`]). `None` when the rules are not
    /// [`additive`] or the board count overflows memory.
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
        if !additive(rules) {
            return None;
        }
        let houses = rules.houses();
        let n = 2 * houses;
        let max_seeds = max_seeds.min(mancala_core::MAX_SEEDS);
        // One seed more than stored: ranking reads one row past the last.
        let combinatorics = Combinatorics::new(n, max_seeds + 1);
        let mut offsets = Vec::with_capacity(max_seeds + 2);
        let mut total = 0usize;
        for m in 0..=max_seeds {
            offsets.push(total);
            total = total.checked_add(usize::try_from(combinatorics.ways[n][m]).ok()?)?;
        }
        offsets.push(total);
        let shape = Shape {
            houses,
            combinatorics,
            offsets,
        };
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
                    for rank in start..count.min(start + CHUNK) {
                        if rank > start {
                            next_board(board);
                        }
                        shape.work_out(rules, &values, board, seeds);
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
            max_seeds,
            shape,
            values: values.into_iter().map(AtomicI8::into_inner).collect(),
        })
    }

    /// The most seeds on the board the database covers.
    pub fn max_seeds(&self) -> usize {
        self.max_seeds
    }

    /// The value of `pos` for the player to move, stores excluded, if the
    /// database holds its board (the game must be past every rule that
    /// looks at the move count; the caller checks that).
    #[inline]
    pub fn probe(&self, pos: &Position<'_>) -> Option<i32> {
        let seeds = pos.board_seeds() as usize;
        if seeds > self.max_seeds {
            return None;
        }
        let (mine, theirs) = (pos.houses(pos.to_move()), pos.houses(1 - pos.to_move()));
        let index = self.shape.index_of(mine.iter().chain(theirs), seeds);
        Some(i32::from(self.values[index]))
    }
}

impl Shape {
    /// The index of a board given from the mover's side, with `seeds` seeds.
    #[inline]
    fn index_of<'a>(&self, board: impl Iterator<Item = &'a u8>, seeds: usize) -> usize {
        let n = 2 * self.houses;
        let mut rank = 0u64;
        let mut left = seeds;
        for (i, &c) in board.enumerate() {
            if i + 1 == n {
                break;
            }
            let c = usize::from(c);
            // Boards of the remaining houses that put fewer seeds here come
            // first: those holding more than `left - c` seeds further on.
            let below = &self.combinatorics.below[n - 1 - i];
            rank += below[left + 1] - below[left + 1 - c];
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
    /// `seeds` seeds, and of any board with as many seeds that it leads to.
    /// The children are played first and their values read in a second
    /// loop, so that the cache misses overlap.
    fn work_out(&self, rules: &Rules, values: &[AtomicI8], board: &[u8], seeds: usize) -> i32 {
        let index = self.index_of(board.iter(), seeds);
        let known = values[index].load(Ordering::Relaxed);
        if known != UNKNOWN {
            return i32::from(known);
        }
        let pos = Position::from_parts(rules, board, &[0, 0], 0, LATE)
            .expect("a board of the database is a position");
        let value = if pos.is_over() {
            i32::from(pos.store(0)) - i32::from(pos.store(1))
        } else {
            // Per move: the gain, then the child's value still to come
            // (known, or at `at` in the values), and its sign.
            let mut gains = [0i32; 17];
            let mut futures = [0i32; 17];
            let mut at = [usize::MAX; 17];
            let mut signs = [0i32; 17];
            let mut k = 0;
            for m in pos.legal_moves() {
                let mut child = pos;
                child.play_unchecked(m);
                gains[k] = i32::from(child.store(0)) - i32::from(child.store(1));
                if !child.is_over() {
                    let child_seeds = child.board_seeds() as usize;
                    let (mine, theirs) = (
                        child.houses(child.to_move()),
                        child.houses(1 - child.to_move()),
                    );
                    signs[k] = if child.to_move() == 0 { 1 } else { -1 };
                    if child_seeds == seeds {
                        let mut turned = [0u8; 2 * mancala_core::MAX_HOUSES];
                        let turned = &mut turned[..board.len()];
                        turned[..mine.len()].copy_from_slice(mine);
                        turned[mine.len()..].copy_from_slice(theirs);
                        futures[k] = self.work_out(rules, values, turned, seeds);
                    } else {
                        at[k] = self.index_of(mine.iter().chain(theirs), child_seeds);
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
        };
        values[index].store(value as i8, Ordering::Relaxed);
        value
    }
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
