//! `--game FILE`: a saved game (or, for `replay`, a match in rounds), as
//! the core's JSON record or its one-line text form, told apart by the
//! first character (`{` for JSON).

use std::io::Read as _;
use std::path::Path;

use mancala_core::{Game, Match, Rounds, RuleSet};

use crate::play_rounds::Record;
use crate::{CliError, CliResult};

/// Reads the game or match in `path` (`-`: standard input): a match in
/// rounds (docs/rules.md section 8a) as its JSON record (`{rules,
/// rounds}`) or its one-line text (`RULES; ROUND / ROUND`), told apart
/// from a game by its rules (they play rounds) or, in JSON, its `rounds`.
pub fn read_record(path: &Path) -> CliResult<Record> {
    let text = read_text(path)?;
    parse_record(&text).map_err(|e| CliError::usage(format!("--game {}: {e}", path.display())))
}

/// [`read_record`]'s reading.
fn parse_record(text: &str) -> Result<Record, String> {
    let text = text.trim();
    let is_match = if text.starts_with('{') {
        serde_json::from_str::<serde_json::Value>(text)
            .map(|v| v.get("rounds").is_some())
            .unwrap_or(false)
    } else {
        let rules = text.split(';').next().unwrap_or("").trim();
        RuleSet::from_spec(rules).is_ok_and(|set| set.rounds != Rounds::None)
    };
    if !is_match {
        return parse_game(text).map(Record::Game);
    }
    if text.starts_with('{') {
        return serde_json::from_str(text)
            .map(Record::Match)
            .map_err(|e| format!("not a match record: {e}"));
    }
    if text.contains('\n') {
        return Err("expected one match line (RULES; ROUND / ROUND) or a JSON record".to_string());
    }
    text.parse::<Match>()
        .map(Record::Match)
        .map_err(|e| format!("{e}"))
}

/// The text of `path` (`-`: standard input).
fn read_text(path: &Path) -> CliResult<String> {
    let name = path.display();
    let text = if path == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| CliError::usage(format!("--game -: cannot read stdin: {e}")))?;
        text
    } else {
        std::fs::read_to_string(path)
            .map_err(|e| CliError::usage(format!("--game {name}: cannot read it: {e}")))?
    };
    Ok(text)
}

/// A game from its JSON record or its one-line text (one line; blank
/// lines around it are fine).
fn parse_game(text: &str) -> Result<Game, String> {
    let text = text.trim();
    if text.starts_with('{') {
        return serde_json::from_str(text).map_err(|e| format!("not a game record: {e}"));
    }
    if text.contains('\n') {
        return Err("expected one game line (RULES; EVENTS) or a JSON record".to_string());
    }
    text.parse().map_err(|e| format!("{e}"))
}
