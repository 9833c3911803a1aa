//! Benchmarks of the search (criterion).
//!
//! ```text
//! cargo bench --bench search                   # everything, a few minutes
//! cargo bench --bench search -- alphabeta      # one group
//! ```
//!
//! Groups (each measurement: 1 s warm-up, 3 s measured):
//!
//! - `alphabeta/<rules>/<position>`: [`AlphaBeta`] to a fixed depth (per
//!   rule set, see [`DEPTHS`]) with a 1 MiB table cleared before every
//!   search, from three fixed positions: the start, and after 10 and 20
//!   plies of `Greedy` with seed 1 (avoiding moves that end the game).
//!   Throughput is the search's node count, so criterion reports nodes/s.
//! - `mcts/<rules>`: 1,000 [`Mcts`] iterations from the start; throughput
//!   is iterations/s.
//! - `table/<rules>/{with,without}`: the same alpha-beta search (from the
//!   position after 10 plies) with the 1 MiB table and with none
//!   (`table_bytes(0)`): the time per search; the throughput is each
//!   search's own node count, so the two node rates compare too. The node
//!   counts are printed when the group starts.
//!
//! - `solve/kalah(H,S)`: the [`Solver`] from the start of small Kalah
//!   boards (H houses, S seeds; standard capture), a fresh solver (table
//!   and endgame database of 8 seeds) every time: the time to solve.
//!   The values are checked against docs/rules.md section 11 first.
//!
//! Rule sets, as specs ([`RuleSet::from_spec`]): `kalah`, `oware`,
//! `modiar`, `al-manqala` and `kalah3` (3-player Kalah, where alpha-beta
//! is paranoid).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala::ai::{AlphaBeta, Greedy, Limits, Mcts, Solver, SolverOptions, Strategy};
use mancala::{History, Position, Preset, RuleSet, Rules};

/// The depth of the alpha-beta searches, per rule set.
const DEPTHS: [(&str, u32); 5] = [
    ("kalah", 9),
    ("oware", 9),
    ("modiar", 11),
    ("al-manqala", 7),
    ("kalah3", 7),
];

/// The rule set a spec names (see [`RuleSet::from_spec`]).
fn rule_set(spec: &str) -> RuleSet {
    RuleSet::from_spec(spec).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

/// The start and the positions after 10 and 20 plies of greedy play.
fn positions(rules: &Rules) -> Vec<(&'static str, Position<'_>)> {
    let mut game = History::new(rules);
    let mut greedy = Greedy::new(1);
    let mut out = vec![("start", *game.position())];
    for (plies, name) in [(10, "ply10"), (20, "ply20")] {
        while game.moves().len() < plies && !game.is_over() {
            // Greedy's move, or the first that does not end the game: a
            // finished position would measure nothing.
            let pos = *game.position();
            let greedy_move = greedy.choose(&pos).expect("a move");
            let lasts = |m| {
                let mut next = pos;
                next.play_unchecked(m);
                !next.is_over()
            };
            let Some(m) = Some(greedy_move)
                .filter(|&m| lasts(m))
                .or_else(|| pos.legal_moves().iter().find(|&m| lasts(m)))
            else {
                break;
            };
            game.play(m).expect("legal");
        }
        out.push((name, *game.position()));
    }
    out
}

fn searcher(depth: u32, table: usize) -> AlphaBeta {
    AlphaBeta::new(Limits::depth(depth)).table_bytes(table)
}

fn alphabeta(c: &mut Criterion) {
    let mut group = c.benchmark_group("alphabeta");
    for (name, depth) in DEPTHS {
        let rules = Rules::new(&rule_set(name)).expect("valid rules");
        for (label, pos) in positions(&rules) {
            let mut search = searcher(depth, 1 << 20);
            let nodes = search.search(&pos).nodes;
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(format!("{name}/{label}"), |b| {
                b.iter(|| {
                    search.clear();
                    black_box(search.search(black_box(&pos)).nodes)
                })
            });
        }
    }
    group.finish();
}

fn mcts(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts");
    const ITERATIONS: u64 = 1_000;
    group.throughput(Throughput::Elements(ITERATIONS));
    for (name, _) in DEPTHS {
        let rules = Rules::new(&rule_set(name)).expect("valid rules");
        let pos = Position::new(&rules);
        let mut search = Mcts::new(Limits::nodes(ITERATIONS), 1);
        group.bench_function(name, |b| {
            b.iter(|| black_box(search.search(black_box(&pos)).iterations))
        });
    }
    group.finish();
}

fn table(c: &mut Criterion) {
    let mut group = c.benchmark_group("table");
    for (name, depth) in DEPTHS {
        let rules = Rules::new(&rule_set(name)).expect("valid rules");
        let (_, pos) = positions(&rules)[1];
        for (label, bytes) in [("with", 1usize << 20), ("without", 0)] {
            let mut search = searcher(depth, bytes);
            let nodes = search.search(&pos).nodes;
            println!("table/{name}/{label}: {nodes} nodes at depth {depth}");
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(format!("{name}/{label}"), |b| {
                b.iter(|| {
                    search.clear();
                    black_box(search.search(black_box(&pos)).nodes)
                })
            });
        }
    }
    group.finish();
}

/// Small Kalah boards and their values (docs/rules.md section 11).
const SMALL_KALAH: [(u8, u8, i32); 4] = [(3, 3, 2), (4, 3, 6), (4, 4, 2), (5, 3, 6)];

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    for (houses, seeds, value) in SMALL_KALAH {
        let rules = Rules::new(&RuleSet {
            houses,
            seeds,
            ..Preset::Kalah.rules()
        })
        .expect("valid rules");
        let start = Position::new(&rules);
        let options = SolverOptions {
            table_bytes: 64 << 20,
            database_seeds: 8,
        };
        let solution = Solver::new(&rules, options)
            .expect("two players")
            .solve(&start);
        assert_eq!(solution.value, value, "Kalah({houses},{seeds})");
        println!(
            "solve/kalah({houses},{seeds}): value {value:+}, {} positions",
            solution.nodes
        );
        group.bench_function(format!("kalah({houses},{seeds})"), |b| {
            b.iter(|| {
                black_box(
                    Solver::new(&rules, options)
                        .expect("two players")
                        .solve(black_box(&start))
                        .value,
                )
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10);
    targets = alphabeta, mcts, table, solve
}
criterion_main!(benches);
