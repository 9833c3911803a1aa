//! `mancala analyse`: the value of every legal move, best first.

use std::time::Duration;

use mancala_ai::{Limits, Spec, analyse};
use mancala_core::Rules;
use serde_json::json;

use crate::cli::AnalyseArgs;
use crate::commands::replay;
use crate::rules_arg::moves;
use crate::{CliError, CliResult};

/// Parses a duration such as `500ms`, `2s`, `1m`.
pub fn duration(text: &str, flag: &str) -> CliResult<Duration> {
    format!("time={}", text.trim())
        .parse::<Limits>()
        .ok()
        .and_then(|l| l.time)
        .ok_or_else(|| {
            CliError::usage(format!(
                "{flag} {text}: expected a duration such as 30s, 500ms or 1m"
            ))
        })
}

/// Runs `mancala analyse`.
pub fn run(rules: &Rules, args: &AnalyseArgs) -> CliResult {
    let game = replay(rules, &moves(&args.moves)?)?;
    let pos = *game.position();
    let spec: Spec = args
        .ai
        .parse()
        .map_err(|e| CliError::usage(format!("--ai {}: {e}", args.ai)))?;
    let mut limits = spec
        .search(rules)
        .map(|(_, limits)| limits)
        .ok_or_else(|| {
            CliError::usage(format!(
                "--ai {}: expected a searching player such as ai:8 or alphabeta:depth=10",
                args.ai
            ))
        })?;
    let mut solver_time = None;
    if let Some(depth) = args.depth {
        limits = Limits::depth(depth);
    }
    if let Some(time) = &args.time {
        let time = duration(time, "--time")?;
        limits = Limits::time(time);
        solver_time = Some(time);
    }
    let values = analyse(&pos, limits, solver_time);
    if args.json {
        let moves: Vec<_> = values
            .iter()
            .map(|v| json!({"move": v.mv.to_string(), "value": v.seeds(), "exact": v.exact}))
            .collect();
        outln!("{}", json!({"to_move": pos.to_move(), "moves": moves}));
    } else {
        if pos.is_over() {
            outln!("the game is over: no moves");
            return Ok(());
        }
        outln!(
            "side {} to move; values in seeds for the mover, best first:",
            pos.to_move()
        );
        for v in &values {
            let kind = if v.exact { "exact" } else { "estimate" };
            outln!("{:>5}  {:>+7.2}  {kind}", v.mv.to_string(), v.seeds());
        }
    }
    Ok(())
}
