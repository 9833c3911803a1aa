//! A player as a subprocess: a tiny line protocol on standard input and
//! output, for matches against other programs
//! (`benches/versus_openspiel_mcts.py` uses it).
//!
//! ```text
//! cargo run --release --example engine
//! ```
//!
//! # Protocol
//!
//! One command per line; every command gets exactly one line back. Moves
//! are in this crate's notation: house numbers `1..=houses` from the
//! mover's point of view, in sowing order, or `swap`.
//!
//! | command | answer |
//! |---|---|
//! | `new RULES SPEC SEED [TIME]` | `ok`: a new game under the preset `RULES` (`kalah`, `oware`, ..., or `kalah3`/`kalah4` for 3-4 player Kalah), our player built from `SPEC` (`ai:10`, `alphabeta:nodes=40000`, ...; see `mancala::ai::Spec`) with seed `SEED`; with `TIME` (`1h+0s,1s`, `200ms`; see `mancala::ai::TimeControl`) under a time manager, as `mancala agent --time` and `mancala play --time` run it |
//! | `play MOVE` | `ok SIDE` with the side to move next, or `over SCORES` when the game has ended (scores per side, space-separated) |
//! | `go` | `move MOVE MICROS SIDE` (or `... over SCORES` in place of `SIDE`): our player chose `MOVE` for the side to move in `MICROS` microseconds of search and played it |
//! | `position` | the position in notation (`4,4,4,4,4,4:0 ... to=0 ply=0`) |
//! | `quit` | `bye`, and the program ends (so does end of input) |
//!
//! Errors (an unknown command, an illegal move, `go` when the game is
//! over) answer `error MESSAGE` and change nothing. The game is a
//! `mancala::Game`, so the `repetition` end condition applies.

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::time::Instant;

use mancala::ai::{Spec, Strategy, TimeControl, Timed};
use mancala::{Game, Move, RuleSet, Rules};

fn rules_named(name: &str) -> Result<Rules, String> {
    let set = RuleSet::from_spec(name).map_err(|e| e.to_string())?;
    Rules::new(&set).map_err(|e| e.to_string())
}

/// `ok SIDE` or `over SCORES` for the game as it stands.
fn status(game: &Game) -> String {
    match game.outcome() {
        Some(outcome) => {
            let scores: Vec<String> = outcome.scores().iter().map(u8::to_string).collect();
            format!("over {}", scores.join(" "))
        }
        None => format!("ok {}", game.position().to_move()),
    }
}

fn main() {
    // Compiled once per name, shared by the games that use them.
    let mut known: Vec<(String, Arc<Rules>)> = Vec::new();
    let mut game: Option<Game> = None;
    let mut player: Option<Box<dyn Strategy + Send>> = None;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let answer = match words.as_slice() {
            [] => continue,
            ["quit"] => {
                let _ = writeln!(out, "bye");
                break;
            }
            ["new", name, spec, seed, time @ ..] if time.len() <= 1 => (|| {
                let spec: Spec = spec.parse().map_err(|e| format!("{e}"))?;
                let seed: u64 = seed.parse().map_err(|_| format!("bad seed {seed}"))?;
                let r = match known.iter().find(|(n, _)| n == name) {
                    Some((_, r)) => Arc::clone(r),
                    None => {
                        let r = Arc::new(rules_named(name)?);
                        known.push((name.to_string(), Arc::clone(&r)));
                        r
                    }
                };
                player = Some(match time.first() {
                    None => spec.strategy(&r, seed).map_err(|e| e.to_string())?,
                    Some(time) => {
                        let control: TimeControl = time.parse().map_err(|e| format!("{e}"))?;
                        let inner = spec
                            .timed_strategy(&r, seed, &control)
                            .map_err(|e| e.to_string())?;
                        Box::new(Timed::new(inner, control))
                    }
                });
                game = Some(Game::new(r));
                Ok("ok".to_string())
            })(),
            ["play", m] => (|| {
                let game = game.as_mut().ok_or("no game: send new first")?;
                let m: Move = m.parse().map_err(|e| format!("{e}"))?;
                let rules = Arc::clone(game.rules());
                let before = game.position_with(&rules);
                game.play(m).map_err(|e| e.to_string())?;
                if let Some(player) = player.as_mut() {
                    player.observe(&before, m);
                }
                Ok(status(game))
            })(),
            ["go"] => (|| {
                let game = game.as_mut().ok_or("no game: send new first")?;
                let player = player.as_mut().ok_or("no player: send new first")?;
                if game.is_over() {
                    return Err("the game is over".to_string());
                }
                let rules = Arc::clone(game.rules());
                let pos = game.position_with(&rules);
                let start = Instant::now();
                let m = player.choose(&pos).ok_or("the player found no move")?;
                let micros = start.elapsed().as_micros();
                game.play(m).map_err(|e| e.to_string())?;
                player.observe(&pos, m);
                let status = status(game);
                let status = status.strip_prefix("ok ").unwrap_or(&status);
                Ok(format!("move {m} {micros} {status}"))
            })(),
            ["position"] => game
                .as_ref()
                .map(|g| g.position().to_string())
                .ok_or_else(|| "no game: send new first".to_string()),
            _ => Err(format!("unknown command: {line}")),
        };
        let text = answer.unwrap_or_else(|e| format!("error {e}"));
        if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
}
