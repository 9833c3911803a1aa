//! Benchmarks of the rules engine (criterion).
//!
//! ```text
//! cargo bench --bench rules                      # everything, a minute or two
//! cargo bench --bench rules -- playouts          # one group
//! cargo bench --bench rules -- --measurement-time 10
//! ```
//!
//! Groups:
//!
//! - `playouts/<preset>`, every preset: uniform random games from the
//!   start to the end, reported in games/s, each one call of
//!   `Playout::play_out` (see `benches/playout.rs`). A game not over after
//!   100,000 moves panics.
//! - `playout_moves/<preset>`, every preset: the same games played move
//!   by move through `Position::legal_moves` and
//!   `Position::play_unchecked`, through a `History` for presets with the
//!   `repetition` end condition (what `playouts/<preset>` measured before
//!   `Playout` existed).
//! - `perft/kalah`, `perft/oware`: perft 7 from the start, reported in
//!   leaf nodes/s (the perft count; the engine's perft counts the last
//!   ply's moves without playing them).
//! - `legal_moves/<position>` and `play_unchecked/<position>` on fixed
//!   mid-game positions, reached by fixed move sequences from the start.
//!   `legal_moves` only reads what the last move worked out: the move
//!   generation itself runs inside `play_unchecked`, which is timed per
//!   move over every legal move of the position (each on a fresh copy).
//! - `yardstick/kalah-6-4`: a hand-specialised Kalah(6,4) playout
//!   (`benches/kalah_yardstick.rs`) with the same generator and the same
//!   move choice as `playouts/kalah`, whose rate is the target for the
//!   generic engine. `tests/yardstick.rs` checks that it plays the same
//!   games.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala::{Position, Preset, Rules, parse_moves, perft};
use rand::SeedableRng;
use rand::rngs::SmallRng;

mod kalah_yardstick;
mod playout;

use playout::{Loop, Playouts};

/// Seed of every random playout bench (the same games for the generic
/// Kalah and the yardstick).
const SEED: u64 = 0x5eed;

/// Perft depth and the reference counts (docs/rules.md section 11).
const PERFT_DEPTH: u32 = 7;
const PERFT: [(Preset, u64); 2] = [(Preset::Kalah, 114_430), (Preset::Oware, 139_157)];

/// Mid-game positions: a name, the preset and the moves that reach it.
const POSITIONS: [(&str, Preset, &str); 4] = [
    // 4,5,1,3,6,0:10 8,1,0,1,2,2:5 to=0 ply=12
    ("kalah-ply12", Preset::Kalah, "5,2,4,2,1,5,4,6,3,2,6,3"),
    // 1,3,7,2,2,7:3 1,0,11,3,4,4:0 to=0 ply=24
    (
        "oware-ply24",
        Preset::Oware,
        "5,2,3,3,5,5,4,6,3,2,6,6,5,1,2,4,4,4,2,1,5,1,1,2",
    ),
    // 4,5,13:0 2,4,14:0 to=0 ply=6
    ("modiar-ply6", Preset::Modiar, "2,2,2,2,1,1"),
    // 3,4,21,1,1,4,4:22 1,7,23,0,1,1,1:4 to=0 ply=24
    (
        "al-manqala-ply24",
        Preset::AlManqala,
        "7,5,5,7,2,1,4,4,7,1,6,5,7,2,5,6,2,5,1,7,4,1,5,4",
    ),
];

fn compile(preset: Preset) -> Rules {
    Rules::new(&preset.rules()).unwrap_or_else(|e| panic!("preset {preset}: {e}"))
}

fn playouts(c: &mut Criterion) {
    for (name, how) in [("playouts", Loop::PlayOut), ("playout_moves", Loop::Moves)] {
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(1));
        for preset in Preset::ALL {
            let rules = compile(preset);
            let (cap, at_cap) = playout::cap_for(preset);
            let mut games = Playouts::new(preset, &rules, how, SEED, cap, at_cap);
            group.bench_function(preset.name(), |b| b.iter(|| games.play()));
        }
        group.finish();
    }
}

fn perfts(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    for (preset, expected) in PERFT {
        let rules = compile(preset);
        let start = Position::new(&rules);
        let nodes = perft(&start, PERFT_DEPTH);
        assert_eq!(nodes, expected, "perft {PERFT_DEPTH} of {preset}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(preset.name(), |b| {
            b.iter(|| perft(black_box(&start), PERFT_DEPTH))
        });
    }
    group.finish();
}

fn moves(c: &mut Criterion) {
    let setups: Vec<(&str, Rules, &str)> = POSITIONS
        .iter()
        .map(|&(name, preset, moves)| (name, compile(preset), moves))
        .collect();
    let positions: Vec<(&str, Position<'_>)> = setups
        .iter()
        .map(|(name, rules, moves)| {
            let mut pos = Position::new(rules);
            for m in parse_moves(moves).expect("fixed move list") {
                pos.play(m)
                    .unwrap_or_else(|e| panic!("{name}: {e} in {pos}"));
            }
            assert!(!pos.is_over(), "{name} is over: {pos}");
            (*name, pos)
        })
        .collect();

    let mut group = c.benchmark_group("legal_moves");
    for (name, pos) in &positions {
        group.bench_function(*name, |b| b.iter(|| black_box(pos).legal_moves()));
    }
    group.finish();

    let mut group = c.benchmark_group("play_unchecked");
    for (name, pos) in &positions {
        let moves = pos.legal_moves();
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(*name, |b| {
            b.iter(|| {
                for m in black_box(moves) {
                    let mut child = *black_box(pos);
                    child.play_unchecked(m);
                    black_box(&child);
                }
            })
        });
    }
    group.finish();
}

fn yardstick(c: &mut Criterion) {
    let mut group = c.benchmark_group("yardstick");
    group.throughput(Throughput::Elements(1));
    let mut rng = SmallRng::seed_from_u64(SEED);
    group.bench_function("kalah-6-4", |b| {
        b.iter(|| kalah_yardstick::random_game(&mut rng).1.score_difference())
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = playouts, perfts, moves, yardstick
}
criterion_main!(benches);
