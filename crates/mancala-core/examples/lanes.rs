//! Random playouts one game at a time or in lanes, for instruction
//! counts under callgrind (the machine is shared: wall time says little):
//!
//! ```text
//! cargo build --release -p mancala-core --example lanes
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/lanes kalah 2000 one
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/lanes kalah 2000 lanes4
//! ```
//!
//! Arguments: a preset, a number of games, and `one` (each game one
//! `Playout::play_out`) or `lanes2`, `lanes4`, `lanes8` (`Playout::play_lanes`).
//! Both play the same games (each seeded by its index) and print the
//! same totals. Under `kalah`, `yard1`, `yard2`, `yard4` and `yard8` play
//! them with the Kalah(6,4) lanes yardstick of `benches/kalah_lanes.rs`,
//! written apart from the engine, in 1 to 8 lanes (the ceiling for the
//! engine's lanes); they print the same totals too.
//!
//! For instruction counts and simulated branch mispredictions, which do
//! not depend on the load of the machine (subtract the same run with 0
//! games):
//!
//! ```text
//! valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes \
//!     --cachegrind-out-file=/dev/null target/release/examples/lanes kalah 20000 lanes4
//! ```

use mancala_core::{Choose, Playout, Position, Preset, Rules};

#[path = "../../../benches/kalah_lanes.rs"]
mod kalah_lanes;
#[path = "../../../benches/kalah_yardstick.rs"]
mod kalah_yardstick;

/// Uniform choices from a xorshift generator it owns.
struct Xorshift(u64);

impl Xorshift {
    /// Game `game`'s generator: a SplitMix64 hash of its index, never 0
    /// (the lanes yardstick's seed).
    fn game(game: u64) -> Xorshift {
        Xorshift(kalah_lanes::game_seed(game))
    }
}

impl Choose for Xorshift {
    #[inline(always)]
    fn pick(&mut self, moves: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (((self.0 >> 32) * moves as u64) >> 32) as usize
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let [_, preset, games, mode] = &args[..] else {
        return Err(
            "usage: lanes PRESET GAMES one|lanes2|lanes4|lanes8|yard1|yard2|yard4|yard8".into(),
        );
    };
    let rules = Rules::new(&preset.parse::<Preset>()?.rules())?;
    let games: u64 = games.parse()?;
    let start = Position::new(&rules);
    let mut playout = Playout::new();
    let (mut plies, mut wins) = (0u64, 0u64);
    let mut done = |_game: u64, pos: &Position<'_>, moves: u32| {
        plies += u64::from(moves);
        wins += u64::from(
            pos.outcome()
                .is_some_and(|o| o.rank(mancala_core::Side::new(0)) == 1),
        );
    };
    match mode.as_str() {
        "one" => {
            for game in 0..games {
                let mut pos = start;
                let moves = playout.play_out(&mut pos, u32::MAX, &mut Xorshift::game(game));
                done(game, &pos, moves);
            }
        }
        "lanes2" => playout.play_lanes::<2, _>(&start, games, u32::MAX, Xorshift::game, done),
        "lanes4" => playout.play_lanes::<4, _>(&start, games, u32::MAX, Xorshift::game, done),
        "lanes8" => playout.play_lanes::<8, _>(&start, games, u32::MAX, Xorshift::game, done),
        "yard1" | "yard2" | "yard4" | "yard8" if preset == "kalah" => {
            let mut done = |_game: u64, pos: &kalah_yardstick::Kalah, moves: u32| {
                plies += u64::from(moves);
                wins += u64::from(pos.score_difference() >= 0);
            };
            match mode.as_str() {
                "yard1" => kalah_lanes::play_lanes::<1>(games, &mut done),
                "yard2" => kalah_lanes::play_lanes::<2>(games, &mut done),
                "yard4" => kalah_lanes::play_lanes::<4>(games, &mut done),
                _ => kalah_lanes::play_lanes::<8>(games, &mut done),
            }
        }
        _ => return Err(format!("unknown mode {mode} (yard modes: kalah only)").into()),
    }
    println!("{preset}: {games} games, {plies} plies, side 0 first in {wins}");
    Ok(())
}
