//! Measures MCTS with its random playouts in lanes
//! ([`Mcts::rollout_lanes`]) against one playout at a time: counts that
//! do not depend on the machine's load (docs/results.md section 3.1).
//!
//! ```text
//! cargo run --release -p mancala-ai --example mcts_lanes -- search PRESET LANES ITERATIONS
//! cargo run --release -p mancala-ai --example mcts_lanes -- match PRESET GAMES ITERATIONS LANES_A LANES_B
//! ```
//!
//! `search` runs one search of `ITERATIONS` iterations from the preset's
//! start, in `LANES` lanes, and prints its report: run it under
//! `valgrind --tool=cachegrind` for the instructions of an iteration
//! (less those of a search of 1 iteration, the program's own).
//! `match` plays `GAMES` games between a search in `LANES_A` lanes and
//! one in `LANES_B`, each of `ITERATIONS` iterations a move, the first
//! seat alternating and every game seeded afresh, and prints the first's
//! score (a win 1, a draw 1/2).

use mancala_ai::{Limits, Mcts, Strategy};
use mancala_core::{History, Position, Preset, Rules};

/// Argument `i` of `args` read as a `T`; a missing argument, or one that
/// does not read, ends the program with a message naming it.
fn arg<T: std::str::FromStr>(args: &[String], i: usize, name: &str) -> T {
    let text = args.get(i).unwrap_or_else(|| {
        eprintln!("mcts_lanes: {name} is missing (see the example's docs)");
        std::process::exit(2)
    });
    text.parse().unwrap_or_else(|_| {
        eprintln!("mcts_lanes: {name} does not read: {text:?}");
        std::process::exit(2)
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let what: String = arg(&args, 0, "the command (search or match)");
    let preset: Preset = arg(&args, 1, "PRESET");
    let rules = Rules::new(&preset.rules()).expect("a preset's rules compile");
    match what.as_str() {
        "search" => {
            let lanes: usize = arg(&args, 2, "LANES");
            let iterations: u64 = arg(&args, 3, "ITERATIONS");
            let mut mcts = Mcts::new(Limits::nodes(iterations), 1).rollout_lanes(lanes);
            let report = mcts.search(&Position::new(&rules));
            println!("{report:?}");
        }
        "match" => {
            let games: u64 = arg(&args, 2, "GAMES");
            let iterations: u64 = arg(&args, 3, "ITERATIONS");
            let lanes: [usize; 2] = [arg(&args, 4, "LANES_A"), arg(&args, 5, "LANES_B")];
            let (mut wins, mut draws, mut losses) = (0, 0, 0);
            for game in 0..games {
                // Player `seat` is the search in LANES_A lanes.
                let seat = (game % 2) as usize;
                let mut players: Vec<Mcts> = (0..2)
                    .map(|p| {
                        let who = usize::from(p != seat);
                        let seed = 1_000_000 * (who as u64 + 1) + game;
                        Mcts::new(Limits::nodes(iterations), seed).rollout_lanes(lanes[who])
                    })
                    .collect();
                let mut history = History::new(&rules);
                while !history.is_over() {
                    let pos = *history.position();
                    let m = players[pos.player_to_move()]
                        .choose(&pos)
                        .expect("a game not over has a move");
                    history.play(m).expect("the search's move is legal");
                    for player in &mut players {
                        player.observe(&pos, m);
                    }
                }
                let outcome = history.outcome().expect("the game is over");
                let (a, b) = (
                    outcome.rank_of_player(seat),
                    outcome.rank_of_player(1 - seat),
                );
                match a.cmp(&b) {
                    std::cmp::Ordering::Less => wins += 1,
                    std::cmp::Ordering::Equal => draws += 1,
                    std::cmp::Ordering::Greater => losses += 1,
                }
            }
            let score = (f64::from(wins) + f64::from(draws) / 2.0) / games as f64;
            println!(
                "{preset}, {games} games of {iterations} iterations a move: \
                 {} lanes against {}: +{wins} ={draws} -{losses}, score {score:.3}",
                lanes[0], lanes[1]
            );
        }
        _ => {
            eprintln!("mcts_lanes: the command is search or match, not {what:?}");
            std::process::exit(2)
        }
    }
}
