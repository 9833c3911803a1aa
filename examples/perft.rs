//! Perft (move-sequence counts) of a position given in notation.
//!
//! ```text
//! cargo run --release --example perft -- [PRESET] [DEPTH] [POSITION]
//! cargo run --release --example perft -- kalah 7
//! cargo run --release --example perft -- oware 6 "0,0,8,0,0,1:10 3,1,1,1,2,0:20 to=0 ply=30"
//! ```
//!
//! Prints `D NODES` for each depth from 1 to DEPTH, then the split of the
//! last depth by first move.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use mancala::{Position, Preset, Rules, Setup, perft, perft_divide};

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let preset: Preset = args
        .first()
        .map_or(Ok(Preset::Kalah), |p| p.parse())
        .map_err(|e| format!("{e}"))?;
    let depth: u32 = match args.get(1) {
        Some(d) => d.parse().map_err(|_| format!("depth {d}: not a number"))?,
        None => 6,
    };
    let rules = Rules::new(&preset.rules()).map_err(|e| e.to_string())?;
    let pos = match args.get(2) {
        Some(text) => {
            let setup: Setup = text.parse().map_err(|e| format!("{e}"))?;
            Position::from_setup(&rules, &setup).map_err(|e| format!("{e}"))?
        }
        None => Position::new(&rules),
    };
    // Write through a fallible handle: a reader that stops early (`| head`)
    // ends the program quietly instead of making `println!` panic.
    let mut out = io::stdout().lock();
    let write_err = |e: io::Error| e.to_string();
    writeln!(out, "{preset}: {pos}").map_err(write_err)?;
    let mut nodes = 0;
    let start = Instant::now();
    for d in 1..=depth {
        nodes = perft(&pos, d);
        writeln!(out, "{d} {nodes}").map_err(write_err)?;
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!("{:.1} M nodes/s", nodes as f64 / secs / 1e6);
    for (m, n) in perft_divide(&pos, depth) {
        writeln!(out, "  {m}: {n}").map_err(write_err)?;
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) if message.contains("Broken pipe") => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("perft: {message}");
            ExitCode::from(2)
        }
    }
}
