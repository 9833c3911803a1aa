//! `mancala analyse`: the value of every legal move, best first.

use std::time::Duration;

use mancala_ai::{
    AlphaBeta, Limits, SEED, Solver, SolverOptions, Spec, is_decisive, score_difference,
};
use mancala_core::{Move, Position, Rules};
use serde_json::json;

use crate::cli::AnalyseArgs;
use crate::commands::replay;
use crate::rules_arg::moves;
use crate::{CliError, CliResult};

/// Time the exact solver may take before the heuristic search is used.
const SOLVER_TIME: Duration = Duration::from_secs(1);

/// One move's value in seeds from the mover's view.
#[derive(Clone, Copy, Debug)]
pub struct Valued {
    /// The move.
    pub mv: Move,
    /// Exact: the final score difference; heuristic: the search value in seeds.
    pub value: f64,
    /// Whether the value is the game-theoretic one.
    pub exact: bool,
}

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

/// Values every legal move of `pos`: exactly if the solver finishes
/// within `solver_time` (two players), else by alpha-beta within `limits`.
pub fn value_moves(pos: &Position<'_>, limits: Limits, solver_time: Duration) -> Vec<Valued> {
    let rules = pos.rules();
    if rules.players() == 2 {
        let options = SolverOptions {
            table_bytes: 32 << 20,
            database_seeds: 0,
        };
        let mut solver = Solver::new(rules, options);
        if let Ok(values) = solver.analyse_within(pos, &Limits::time(solver_time)) {
            return values
                .into_iter()
                .map(|(mv, value, _)| Valued {
                    mv,
                    value: f64::from(value),
                    exact: true,
                })
                .collect();
        }
    }
    AlphaBeta::new(limits)
        .analyse(pos)
        .into_iter()
        .map(|v| {
            let seeds = if v.exact || is_decisive(v.value) {
                score_difference(v.value).map(f64::from)
            } else {
                None
            };
            Valued {
                mv: v.mv,
                value: seeds.unwrap_or(f64::from(v.value) / f64::from(SEED)),
                exact: v.exact,
            }
        })
        .collect()
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
    let mut solver_time = SOLVER_TIME;
    if let Some(depth) = args.depth {
        limits = Limits::depth(depth);
    }
    if let Some(time) = &args.time {
        limits = Limits::time(duration(time, "--time")?);
        solver_time = limits.time.unwrap_or(SOLVER_TIME);
    }
    let values = if pos.is_over() {
        Vec::new()
    } else {
        value_moves(&pos, limits, solver_time)
    };
    if args.json {
        let moves: Vec<_> = values
            .iter()
            .map(|v| json!({"move": v.mv.to_string(), "value": v.value, "exact": v.exact}))
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
            outln!("{:>5}  {:>+7.2}  {kind}", v.mv.to_string(), v.value);
        }
    }
    Ok(())
}
