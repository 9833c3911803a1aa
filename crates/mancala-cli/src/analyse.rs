//! `mancala analyse`: the value of every legal move, best first.

use std::time::Duration;

use std::path::Path;
use std::sync::Arc;

use mancala_ai::{
    Egdb, EgdbError, Limits, MoveReview, ReviewBudget, Spec, analyse, review_game, review_match,
};
use mancala_core::Rules;
use serde_json::json;

use crate::cli::AnalyseArgs;
use crate::commands::replay;
use crate::play_rounds::Record;
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
    if args.budget.is_some() || args.database.is_some() {
        return Err(CliError::usage(
            "--budget and --database review a saved game: give it with --game FILE",
        ));
    }
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

/// Reads the endgame database `file` of `rules` for the flag `flag`
/// (`analyse --database`, `play --database`, `serve --analysis-database`).
///
/// # Errors
///
/// A usage error naming the flag when the file cannot be read, is not
/// a database, or was built for other rules.
pub fn load_database(flag: &str, file: &Path, rules: &Rules) -> CliResult<Arc<Egdb>> {
    let db = Egdb::load(file, rules).map_err(|e| {
        CliError::usage(match e {
            EgdbError::Io { source, .. } => format!("{flag} {}: {source}", file.display()),
            EgdbError::Unsupported => format!("{flag} {}: {e}", file.display()),
            // These name the file themselves.
            other => format!("{flag} {other}"),
        })
    })?;
    Ok(Arc::new(db))
}

/// Runs `mancala analyse --game FILE`: every move of the game reviewed,
/// as a table or (`--json`) as `{"rules": SPEC, "budget": BUDGET,
/// "moves": [...]}` with the fields of the server's analysis
/// (docs/protocol.md). A match in rounds (docs/rules.md section 8a) is
/// reviewed round by round: a table per round, or `{"rules", "budget",
/// "rounds": [{"round": N, "moves": [...]}, ...]}`.
pub fn review(path: &Path, args: &AnalyseArgs) -> CliResult {
    let record = crate::game_file::read_record(path)?;
    let mut budget = match &args.budget {
        Some(text) => text
            .parse::<ReviewBudget>()
            .map_err(|e| CliError::usage(format!("--budget {text}: {e}")))?,
        None => ReviewBudget::default(),
    };
    if let Some(depth) = args.depth {
        budget.depth = depth;
    }
    // The rules of the first round: a database of the rules with no house
    // burnt, which review_match uses only where it fits.
    let first = &record.rounds()[0];
    let database = match &args.database {
        Some(file) => Some(load_database("--database", file, first.rules())?),
        None => None,
    };
    let rules = first.rules().rule_set().short_spec();
    let game = match record {
        Record::Game(game) => game,
        Record::Match(game) => {
            let rounds = review_match(&game, &budget, database);
            if args.json {
                outln!(
                    "{}",
                    json!({"rules": rules, "budget": budget.to_string(), "rounds": rounds})
                );
                return Ok(());
            }
            outln!("values in seeds for the mover ({budget}):");
            for round in &rounds {
                outln!("round {}:", round.round);
                print_moves(&round.moves);
            }
            return Ok(());
        }
    };
    let moves = review_game(&game, &budget, database);
    if args.json {
        outln!(
            "{}",
            json!({"rules": rules, "budget": budget.to_string(), "moves": moves})
        );
        return Ok(());
    }
    outln!("values in seeds for the mover ({budget}):");
    print_moves(&moves);
    Ok(())
}

/// The review table of `moves`: a header, then a line per move.
fn print_moves(moves: &[MoveReview]) {
    outln!(
        "{:>4} {:>4} {:>5} {:>8} {:>8} {:>5} {:>6}  verdict",
        "ply",
        "side",
        "move",
        "before",
        "after",
        "best",
        "loss"
    );
    for m in moves {
        let kind = if m.exact { "" } else { " (estimate)" };
        outln!(
            "{:>4} {:>4} {:>5} {:>+8.2} {:>+8.2} {:>5} {:>6.2}  {}{kind}",
            m.ply,
            m.side,
            m.mv.to_string(),
            m.before,
            m.after,
            m.best.to_string(),
            m.loss,
            m.verdict
        );
    }
}
