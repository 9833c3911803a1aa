//! Plays one game of any preset between two (or more) uniformly random
//! players and prints the board after every move.
//!
//! ```text
//! cargo run --release --example random_game -- [PRESET|RULE_FILE] [--seed N] [--players N]
//! cargo run --release --example random_game -- oware --seed 7
//! cargo run --release --example random_game -- kalah --players 4
//! cargo run --release --example random_game -- crates/mancala-core/rules/kalah-4p-capture-all.toml
//! ```

use std::io::{self, Write};
use std::process::ExitCode;

use mancala::{History, KalahOptions, Preset, RuleSet, Rules};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

struct Args {
    rules: RuleSet,
    seed: u64,
}

fn parse_args() -> Result<Args, String> {
    let mut rules_arg = String::from("kalah");
    let mut seed = None;
    let mut players = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--seed" => {
                let v = value("--seed")?;
                seed = Some(v.parse().map_err(|_| format!("--seed {v}: not a number"))?);
            }
            "--players" => {
                let v = value("--players")?;
                players = Some(
                    v.parse()
                        .map_err(|_| format!("--players {v}: not a number"))?,
                );
            }
            "-h" | "--help" => {
                return Err(
                    "usage: random_game [PRESET|RULE_FILE] [--seed N] [--players N]".into(),
                );
            }
            other if other.starts_with('-') => return Err(format!("unknown option {other}")),
            other => rules_arg = other.to_string(),
        }
    }
    let mut rules = load_rules(&rules_arg)?;
    if let Some(players) = players {
        if rules == Preset::Kalah.rules() {
            rules = KalahOptions {
                players,
                ..KalahOptions::default()
            }
            .rules();
        } else {
            rules.players = players;
        }
    }
    let seed = seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        now.map(|d| d.as_nanos() as u64).unwrap_or(1)
    });
    Ok(Args { rules, seed })
}

/// A preset name, or a `.toml` / `.json` rule file.
fn load_rules(arg: &str) -> Result<RuleSet, String> {
    if arg.ends_with(".toml") || arg.ends_with(".json") {
        let text = std::fs::read_to_string(arg).map_err(|e| format!("{arg}: {e}"))?;
        let rules = if arg.ends_with(".toml") {
            RuleSet::from_toml(&text)
        } else {
            RuleSet::from_json(&text)
        };
        rules.map_err(|e| format!("{arg}: {e}"))
    } else {
        arg.parse::<Preset>()
            .map(Preset::rules)
            .map_err(|e| e.to_string())
    }
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("random_game: {message}");
            return ExitCode::from(2);
        }
    };
    let rules = match Rules::new(&args.rules) {
        Ok(rules) => rules,
        Err(e) => {
            eprintln!("random_game: {e}");
            return ExitCode::from(2);
        }
    };
    match play(&rules, args.seed) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader stopped early (`| head`): nothing left to say.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("random_game: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Moves after which a game whose rules do not promise an end is called
/// an endless cycle by agreement.
const MOVE_CAP: usize = 100_000;

fn play(rules: &Rules, seed: u64) -> io::Result<()> {
    let mut out = io::stdout().lock();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = History::new(rules);
    writeln!(out, "seed {seed}\n{:#}\n", game.position())?;
    while !game.is_over() {
        if game.moves().len() == MOVE_CAP {
            writeln!(
                out,
                "{MOVE_CAP} moves: the players agree the game is an endless cycle"
            )?;
            game.end_by_agreement();
            writeln!(out, "{:#}\n", game.position())?;
            break;
        }
        let moves = game.legal_moves();
        let m = moves
            .get(rng.random_range(0..moves.len()))
            .expect("a legal move");
        let effect = game.play(m).expect("a legal move plays");
        let mut notes = Vec::new();
        if effect.captured > 0 {
            notes.push(format!("captures {}", effect.captured));
        }
        if effect.grand_slam {
            notes.push("grand slam".to_string());
        }
        if effect.extra_turn {
            notes.push("extra turn".to_string());
        }
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!(" ({})", notes.join(", "))
        };
        let side = effect.side;
        writeln!(
            out,
            "move {}: side {side} plays {m}{notes}",
            game.moves().len()
        )?;
        writeln!(out, "{:#}\n", game.position())?;
    }
    writeln!(out, "moves: {}", mancala::format_moves(game.moves()))
}
