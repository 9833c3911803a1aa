//! Uniform random playouts for a while, on one thread; prints the rate.
//!
//! ```text
//! cargo run --release --example playouts -- <preset> <seconds> [--seed N] [--agree-after N] [--moves]
//! cargo run --release --example playouts -- <preset> --games N [--seed N] [--library | --moves]
//! ```
//!
//! With `--games N` it plays exactly `N` games instead, untimed: a fixed
//! workload whose instruction count (`valgrind --tool=callgrind`) does not
//! depend on the load of the machine. `--library` plays them with
//! `mancala_ai::random_playouts` (what `mancala bench playouts` runs) on
//! one thread instead of the bench loop (timed too: in batches of 1024
//! games, the lanes path of issue 31). The preset `yardstick` plays the
//! Kalah(6,4) yardstick of `benches/kalah_yardstick.rs` (timed or not):
//! the same games as `kalah` for the same seed.
//!
//! The bench loop plays each game with one call of
//! `mancala::Playout::play_out`, the engine's playout loop; `--moves`
//! plays it move by move through `Position::legal_moves` and
//! `Position::play_unchecked` instead (a `History` under `repetition`):
//! the same games, through the per-move API that search uses.
//!
//! Plays random games of `<preset>` from the start for about `<seconds>`
//! (after a short warm-up) with the same loop as the `playouts/<preset>`
//! benches, and prints `key=value` lines, `games_per_sec=...` among them
//! (what `benches/compare_openspiel.py` reads). A game not over after
//! 100,000 moves is a bug and panics, unless `--agree-after N` ends games
//! by agreement after `N` moves (counted in `agreements=`).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use mancala::{Preset, Rules};

#[path = "../benches/kalah_yardstick.rs"]
mod kalah_yardstick;
#[path = "../benches/playout.rs"]
mod playout;

use playout::{AtCap, Loop, Playouts};

const USAGE: &str = "usage: playouts <preset> <seconds> [--seed N] [--agree-after N] [--library | --moves]\n       \
                     playouts <preset> --games N [--seed N] [--library | --moves]";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("playouts: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut positional = Vec::new();
    let mut seed = 1u64;
    let mut agree_after = None;
    let mut games = None;
    let mut library = false;
    let mut how = Loop::PlayOut;
    while let Some(arg) = args.next() {
        let mut value = |name: &str| -> Result<u64, String> {
            let v = args.next().ok_or(format!("{name} needs a value"))?;
            v.parse().map_err(|_| format!("{name}: not a number: {v}"))
        };
        match arg.as_str() {
            "--seed" => seed = value("--seed")?,
            "--games" => games = Some(value("--games")?),
            "--library" => library = true,
            "--moves" => how = Loop::Moves,
            "--agree-after" => {
                let n = value("--agree-after")?;
                agree_after = Some(u32::try_from(n).map_err(|_| "--agree-after: too large")?);
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            _ => positional.push(arg),
        }
    }
    if let Some(games) = games {
        let [preset] = positional.as_slice() else {
            return Err("expected a preset (and no seconds with --games)".into());
        };
        return count_games(preset, games, seed, library, how);
    }
    let [preset, seconds] = positional.as_slice() else {
        return Err("expected a preset and a number of seconds".into());
    };
    let seconds: f64 = seconds
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s > 0.0)
        .ok_or(format!("not a positive number of seconds: {seconds}"))?;
    if preset == "yardstick" {
        let mut yardstick = Yardstick {
            rng: <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(seed),
            games: 0,
            plies: 0,
        };
        measure("yardstick", &mut yardstick, seconds);
        return Ok(());
    }
    let preset: Preset = preset.parse().map_err(|e| format!("{e}"))?;
    let rules = Rules::new(&preset.rules()).map_err(|e| format!("{e}"))?;
    let (cap, at_cap) = match agree_after {
        Some(n) => (n, AtCap::Agree),
        None => playout::cap_for(preset),
    };
    if library {
        let mut batches = Library {
            rules: &rules,
            seed,
            games: 0,
            plies: 0,
            capped: 0,
        };
        measure(&preset.to_string(), &mut batches, seconds);
        return Ok(());
    }
    let mut playouts = Playouts::new(preset, &rules, how, seed, cap, at_cap);

    measure(&preset.to_string(), &mut playouts, seconds);
    Ok(())
}

/// `mancala_ai::random_playouts` on one thread as a source of timed
/// games (the lanes path, issue 31): each `play` is a batch of
/// [`Library::BATCH`] games, the next seed each; its score is side 0's
/// first places less side 1's.
struct Library<'r> {
    rules: &'r Rules,
    seed: u64,
    games: u64,
    plies: u64,
    capped: u64,
}

impl Library<'_> {
    /// Games a call of `random_playouts`.
    const BATCH: u64 = 1024;
}

impl Games for Library<'_> {
    fn play(&mut self) -> i32 {
        let totals = mancala::ai::random_playouts(self.rules, Self::BATCH, self.seed, 1);
        self.seed += 1;
        self.games += totals.games;
        self.plies += totals.plies;
        self.capped += totals.capped;
        totals.firsts[0] as i32 - totals.firsts[1] as i32
    }

    fn counts(&self) -> (u64, u64, u64) {
        (self.games, self.plies, self.capped)
    }
}

/// A source of timed games: `play` plays one and returns side 0's final
/// score minus side 1's; `counts` says the games, moves and agreements
/// so far.
trait Games {
    fn play(&mut self) -> i32;
    fn counts(&self) -> (u64, u64, u64);
}

impl Games for Playouts<'_> {
    fn play(&mut self) -> i32 {
        Playouts::play(self)
    }

    fn counts(&self) -> (u64, u64, u64) {
        (self.games, self.plies, self.agreements)
    }
}

/// The Kalah(6,4) yardstick as a source of timed games.
struct Yardstick {
    rng: rand::rngs::SmallRng,
    games: u64,
    plies: u64,
}

impl Games for Yardstick {
    fn play(&mut self) -> i32 {
        let (plies, end) = kalah_yardstick::random_game(&mut self.rng);
        self.games += 1;
        self.plies += u64::from(plies);
        end.score_difference()
    }

    fn counts(&self) -> (u64, u64, u64) {
        (self.games, self.plies, 0)
    }
}

/// Warms up, plays `source`'s games for `seconds` and prints the rate.
fn measure(name: &str, source: &mut impl Games, seconds: f64) {
    // Warm up (caches, branch predictors, CPU clock), then measure.
    let mut checksum = 0i64;
    run_for(
        source,
        Duration::from_secs_f64((seconds / 10.0).min(0.5)),
        &mut checksum,
    );
    let (games0, plies0, agreements0) = source.counts();
    let elapsed = run_for(source, Duration::from_secs_f64(seconds), &mut checksum);
    let (games, plies, agreements) = source.counts();
    let (games, plies) = (games - games0, plies - plies0);
    let secs = elapsed.as_secs_f64();
    println!("preset={name}");
    println!("seconds={secs:.3}");
    println!("games={games}");
    println!("moves={plies}");
    println!("moves_per_game={:.2}", plies as f64 / games as f64);
    println!("agreements={}", agreements - agreements0);
    println!("checksum={checksum}");
    println!("games_per_sec={:.1}", games as f64 / secs);
}

/// Plays games until `budget` has passed; returns the time taken.
fn run_for(source: &mut impl Games, budget: Duration, checksum: &mut i64) -> Duration {
    let start = Instant::now();
    loop {
        // Look at the clock every 64 games only.
        for _ in 0..64 {
            *checksum += i64::from(source.play());
        }
        let elapsed = start.elapsed();
        if elapsed >= budget {
            return elapsed;
        }
    }
}

/// Plays exactly `games` games (the fixed workload for instruction counts)
/// and prints the games, moves and checksum.
fn count_games(
    preset: &str,
    games: u64,
    seed: u64,
    library: bool,
    how: Loop,
) -> Result<(), String> {
    let (mut plies, mut checksum) = (0u64, 0i64);
    if preset == "yardstick" {
        let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(seed);
        for _ in 0..games {
            let (n, end) = kalah_yardstick::random_game(&mut rng);
            plies += u64::from(n);
            checksum += i64::from(end.score_difference());
        }
    } else {
        let preset: Preset = preset.parse().map_err(|e| format!("{e}"))?;
        let rules = Rules::new(&preset.rules()).map_err(|e| format!("{e}"))?;
        if library {
            let totals = mancala::ai::random_playouts(&rules, games, seed, 1);
            plies = totals.plies;
            checksum = totals.firsts.iter().map(|&f| f as i64).sum();
        } else {
            let (cap, at_cap) = playout::cap_for(preset);
            let mut playouts = Playouts::new(preset, &rules, how, seed, cap, at_cap);
            for _ in 0..games {
                checksum += i64::from(playouts.play());
            }
            plies = playouts.plies;
        }
    }
    println!("preset={preset}");
    println!("games={games}");
    println!("moves={plies}");
    println!("checksum={checksum}");
    Ok(())
}
